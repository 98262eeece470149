import { describeServiceSkeleton } from '@rampquote/service-kit/testing';
import { service } from '../src/service';

describeServiceSkeleton(service, {
  tables: ['airports', 'airport_imports', 'fbos', 'fbo_directory_entries', 'fbo_discoveries'],
});
