/** Every image asset, newest first (owner API; read model). */
export class ListImagesQuery {}
