import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@rampquote/service-kit';
import { AppModule } from './app.module';
import { loadAirportsConfig, SERVICE } from './config';

const config = loadConfigOrExit(() => loadAirportsConfig());
void bootstrapService({ service: SERVICE, module: AppModule.forRoot(config), config });
