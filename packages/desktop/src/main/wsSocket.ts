/** The live socket on the `ws` package: Node's WebSocket cannot send the session cookie. */
import WebSocket from 'ws';
import type { SocketFactory } from './liveConnection';

export const createWsSocket: SocketFactory = (url, headers, handlers) => {
  const socket = new WebSocket(url, { headers, handshakeTimeout: 10_000 });
  socket.on('open', () => handlers.onOpen());
  socket.on('message', (data) => handlers.onMessage(String(data)));
  socket.on('close', (code) => handlers.onClose(code));
  // A failed handshake ends in 'close' as well; the error itself needs no handling here.
  socket.on('error', () => undefined);
  return {
    send: (data) => socket.send(data),
    close: (code, reason) => {
      if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
      else socket.close(code, reason);
    },
  };
};
