import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@rampquote/service-kit';
import { AppModule } from './app.module';
import { loadBillingConfig, SERVICE } from './config';

const config = loadConfigOrExit(() => loadBillingConfig());
void bootstrapService({ service: SERVICE, module: AppModule.forRoot(config), config });
