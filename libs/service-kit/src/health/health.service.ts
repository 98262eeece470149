import type { DataSource } from 'typeorm';
import { sharedCheck } from './health-first';

export interface HealthReport {
  status: 'ok' | 'down';
  service: string;
  database: 'up' | 'down';
  broker: 'up' | 'down';
}

export interface BrokerStatus {
  readonly connected: boolean;
}

/**
 * Database (a `SELECT 1` within 2 s, run at most once a second however often health is asked: its answer is shared)
 * and broker (the relay's and the consumer's connections, read on every call) status.
 */
export class HealthService {
  private readonly databaseCheck = sharedCheck(() => this.databaseUp(), 1000);

  constructor(
    private readonly service: string,
    private readonly dataSource: DataSource,
    private readonly brokerParts: BrokerStatus[],
  ) {}

  async check(): Promise<HealthReport> {
    const database = (await this.databaseCheck()) ? 'up' : 'down';
    const broker = this.brokerParts.every((p) => p.connected) ? 'up' : 'down';
    return { status: database === 'up' && broker === 'up' ? 'ok' : 'down', service: this.service, database, broker };
  }

  private async databaseUp(): Promise<boolean> {
    if (!this.dataSource.isInitialized) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), 2000);
      });
      await Promise.race([this.dataSource.query('SELECT 1'), timeout]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
