// The framework floor of the subscription-status benchmark: a NestJS application on Express (as
// Kasa is) with one route, no middleware, no guard, no database, answering the same JSON document
// as the bare server. Whatever Kasa does, its status endpoint cannot beat this on this machine.
// Sends its port to the parent once listening.
import 'reflect-metadata';
import common from '@nestjs/common';
import core from '@nestjs/core';

const { Controller, Get, Module } = common;
const body = JSON.parse(process.env.STATUS_JSON ?? '{}');

// Decorators applied by hand: this file runs as plain JavaScript.
class StatusController {
  status() {
    return body;
  }
}
Get('status')(
  StatusController.prototype,
  'status',
  Object.getOwnPropertyDescriptor(StatusController.prototype, 'status'),
);
Controller('api/subscription')(StatusController);
class FloorModule {}
Module({ controllers: [StatusController] })(FloorModule);

const app = await core.NestFactory.create(FloorModule, { logger: false });
const server = app.getHttpServer();
// As Kasa and the bare server: idle keep-alive sockets are kept 65 s.
server.keepAliveTimeout = 65_000;
await app.listen(0, '127.0.0.1');
process.send({ port: server.address().port });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
