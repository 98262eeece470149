import { runService } from '@rampquote/service-kit';
import { service } from './service';

void runService(service);
