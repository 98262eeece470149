/** @jest-environment node */
import { describeRemoteBundle } from '@rampquote/web-kit/testing/remote-bundle';
import * as routesModule from './routes';

describeRemoteBundle('quotes', require('../webpack.config.js')({}, { mode: 'production' }), routesModule);
