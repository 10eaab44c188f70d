export { ReplyStreamService } from './reply-stream.service';
export { REPLY_BUS, type ReplyBus } from './reply-bus.port';
