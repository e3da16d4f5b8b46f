import type { ImageDetailsChanges } from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';
import type { ReceivedFile } from '../upload-body';

/** An owner's upload: the file as received and the details sent with it (already shape-checked). */
export class UploadImageCommand {
  constructor(
    readonly context: CommandContext,
    readonly file: ReceivedFile,
    readonly details: ImageDetailsChanges = {},
    /** Set by the demo seeder (readable fixed ids); owner uploads derive the id from the command id. */
    readonly imageId?: string,
  ) {}
}
