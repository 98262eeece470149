import { runServiceMigrations } from '@rampquote/service-kit';
import { service } from './service';

runServiceMigrations(service);
