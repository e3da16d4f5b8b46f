import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { restockSignUpDecider, restockSignUpStreamId, RESTOCK_SIGN_UP_STREAM_TYPE } from '@storefront/domain';
import type { Database } from '@storefront/eventstore';
import { RESTOCK_SIGN_UPS } from '@storefront/projections';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { DATABASE } from '../../infrastructure/database/tokens';
import { stepContext } from '../../infrastructure/derived-ids';
import { EraseRestockSignUpsCommand } from './erase-restock-sign-ups.command';

/**
 * Appends RestockSignUpErased to each sign-up of the address the restock lists hold (a sign-up
 * made in the last moment before the lists caught up with it is not among them: erase again).
 * The lists then drop the rows; the events keep the history, as every erasure here.
 */
@CommandHandler(EraseRestockSignUpsCommand)
export class EraseRestockSignUpsHandler implements ICommandHandler<EraseRestockSignUpsCommand, { erased: number }> {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  async execute({ context, email }: EraseRestockSignUpsCommand): Promise<{ erased: number }> {
    const { rows } = await this.db.query<{ sign_up_id: string }>(`SELECT sign_up_id FROM ${RESTOCK_SIGN_UPS} WHERE email = $1 ORDER BY seq`, [email]);
    let erased = 0;
    for (const { sign_up_id: signUpId } of rows) {
      const result = await this.executor.execute({
        streamId: restockSignUpStreamId(signUpId),
        streamType: RESTOCK_SIGN_UP_STREAM_TYPE,
        decider: restockSignUpDecider,
        command: { type: 'EraseRestockSignUp', data: { now: new Date().toISOString() } },
        context: stepContext(context, `erase:${signUpId}`),
      });
      if (result.ok && result.events.length > 0) erased += 1;
    }
    return { erased };
  }
}
