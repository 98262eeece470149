import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@rampquote/service-kit';
import { AppModule } from './app.module';
import { loadIdentityConfig, SERVICE } from './config';

const config = loadConfigOrExit(() => loadIdentityConfig());
void bootstrapService({ service: SERVICE, module: AppModule.forRoot(config), config });
