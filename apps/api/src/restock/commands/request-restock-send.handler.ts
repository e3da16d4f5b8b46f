import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { restockSendDecider, restockSendStreamId, RESTOCK_SEND_STREAM_TYPE } from '@storefront/domain';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { RequestRestockSendCommand } from './request-restock-send.command';

/**
 * Records the send request on its own stream before any mail is queued: the send worker
 * (RestockSends) queues a notification for each sign-up waiting, from the request, so a crash
 * halfway leaves the request to be finished rather than half a list forgotten.
 */
@CommandHandler(RequestRestockSendCommand)
export class RequestRestockSendHandler implements ICommandHandler<RequestRestockSendCommand, { requestId: string }> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ context, send }: RequestRestockSendCommand): Promise<{ requestId: string }> {
    const result = await this.executor.execute({
      streamId: restockSendStreamId(send.requestId),
      streamType: RESTOCK_SEND_STREAM_TYPE,
      decider: restockSendDecider,
      command: { type: 'RequestRestockSend', data: { ...send, now: new Date().toISOString() } },
      context,
    });
    if (!result.ok) throw new DomainException(result.error);
    return { requestId: send.requestId };
  }
}
