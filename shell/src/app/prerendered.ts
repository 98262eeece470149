/**
 * Marks a #root whose markup is the frame every page shares (header, a loading main, footer), prerendered at build
 * time for no page in particular: the browser paints it at once, and React builds the page in its place instead of
 * hydrating it. The landing page's own prerendered markup (without the mark) is hydrated as it is.
 */
export const FRAME_ATTRIBUTE = 'data-frame';

/** The path the frame is prerendered at: one the shell hands to the remotes' area, which shows it loading. */
export const FRAME_PATH = '/page-frame';
