/** A NUL character in typed text: invisible to the person and refused by PostgreSQL. No zod here (the FBO page uses zod/mini). */
export const NUL_CHARACTER_MESSAGE = 'Text must not contain NUL characters';

export const hasNoNul = (text: string) => !text.includes('\u0000');
