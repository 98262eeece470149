const { frontProject } = require('@rampquote/web-kit/test/web-project.cjs');
module.exports = { projects: [frontProject('mf-account', __dirname)] };
