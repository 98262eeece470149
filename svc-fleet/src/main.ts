import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@rampquote/service-kit';
import { AppModule } from './app.module';
import { loadFleetConfig, SERVICE } from './config';

const config = loadConfigOrExit(() => loadFleetConfig());
void bootstrapService({ service: SERVICE, module: AppModule.forRoot(config), config });
