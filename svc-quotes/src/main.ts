import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@rampquote/service-kit';
import { AppModule } from './app.module';
import { loadQuotesConfig, SERVICE } from './config';

const config = loadConfigOrExit(() => loadQuotesConfig());
void bootstrapService({ service: SERVICE, module: AppModule.forRoot(config), config });
