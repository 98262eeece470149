import { defineConfig, devices, type TraceMode } from '@playwright/test';

// The system under test is started exactly as `npm start` starts it (already built by `npm test`).
// Locally, a system that is already running on :8080 is reused.
const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:8080';

export default defineConfig({
  testDir: './tests',
  // Earlier runs' rate-limit counters (kept in PostgreSQL) would otherwise count against this suite's system.
  globalSetup: './global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // In CI one more try for a failed test: a test that passes on it is reported as flaky by name (npm test lists it),
  // not hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.data/test-results/e2e.json' }],
  ],
  outputDir: '../.data/e2e-artifacts',
  use: {
    baseURL: BASE_URL,
    // No trace by default: recording one (a DOM snapshot and a screencast frame at every action, kept only when the
    // test failed) took a quarter of this suite's time and a third of its CPU on a 2-core machine (147 s against
    // 112 s for three spec files). A failure still leaves its screenshot and Playwright's error context (the page's
    // accessibility snapshot); `E2E_TRACE=retain-on-failure npm test -w e2e` records traces again.
    trace: (process.env.E2E_TRACE as TraceMode | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node ../scripts/start.mjs --no-build --quiet',
    url: 'http://127.0.0.1:8080/health',
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    // The registration and support limits (kept in PostgreSQL per client) would otherwise be spent by repeated
    // runs on one machine; the limits themselves are covered by the gateway's tests. Likewise the FBO-submit limit
    // (the FBO suites and the authorization matrix answer many estimates from 127.0.0.1) and the monthly
    // quote-request allowance without a subscription (svc-quotes' plan-limits tests cover it).
    // The explicit development mode (the launcher sets it too): the demo accounts the suites sign in with exist
    // only there.
    env: {
      NODE_ENV: 'development',
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_LOGIN_EMAIL: '1000',
      RATE_LIMIT_LOGIN_IP: '1000',
      RATE_LIMIT_REGISTER: '1000',
      RATE_LIMIT_SUPPORT: '1000',
      RATE_LIMIT_FBO_SUBMIT: '1000',
      RATE_LIMIT_FORGOT_PASSWORD_IP: '1000',
      RATE_LIMIT_RESET_PASSWORD: '1000',
      NO_PLAN_MONTHLY_QUOTE_REQUESTS: '100000',
    },
  },
});
