const { frontProject } = require('./test/web-project.cjs');
module.exports = { projects: [frontProject('web-kit', __dirname)] };
