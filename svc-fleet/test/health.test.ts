import { describeServiceSkeleton } from '@rampquote/service-kit/testing';
import { service } from '../src/service';

describeServiceSkeleton(service, { tables: ['aircraft'] });
