import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import type { UserDto } from '@rampquote/contracts';
import { RequireIdentity } from '@rampquote/service-kit';
import { UsersService } from './users.service';

/** GET /internal/users/:id — the gateway reloads a session's user. */
@Controller('internal/users')
@RequireIdentity({ caller: 'gateway' })
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get(':id')
  async byId(@Param('id') id: string): Promise<UserDto> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException({ error: 'User not found' });
    return this.users.toDto(user);
  }
}
