module.exports = require('../jest.preset').serviceJestConfig(__dirname);
