import { Controller, Get, Header, Inject } from '@nestjs/common';
import { REMOTES_PATH, type RemotesConfig } from '@rampquote/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** The micro-frontends the shell registers at run time and where each lives (REMOTE_URL_MF_* or REMOTES_JSON, validated at boot). */
@Controller()
export class RemotesController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  @Get(REMOTES_PATH)
  @Header('Cache-Control', 'no-cache')
  remotes(): RemotesConfig {
    return this.config.remotes;
  }
}
