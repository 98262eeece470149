import type { DataSource } from 'typeorm';

export interface HealthReport {
  status: 'ok' | 'down';
  service: string;
  database: 'up' | 'down';
  broker: 'up' | 'down';
}

export interface BrokerStatus {
  readonly connected: boolean;
}

/** Database (a `SELECT 1` within 2 s) and broker (the relay's and the consumer's connections) status. */
export class HealthService {
  constructor(
    private readonly service: string,
    private readonly dataSource: DataSource,
    private readonly brokerParts: BrokerStatus[],
  ) {}

  async check(): Promise<HealthReport> {
    const database = (await this.databaseUp()) ? 'up' : 'down';
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
