// The package index exports the client, enumerations and types only; its codecs live under dist/lib.
// Importing them from one place keeps the deep paths (and a future upgrade) in a single file.
export * as npduCodec from '@bacnet-js/client/dist/lib/npdu.js';
export * as apduCodec from '@bacnet-js/client/dist/lib/apdu.js';
export * as bvlcCodec from '@bacnet-js/client/dist/lib/bvlc.js';
export * as asn1 from '@bacnet-js/client/dist/lib/asn1.js';
export {
  CovNotify,
  ErrorService,
  IAm,
  ReadProperty,
  ReadPropertyMultiple,
  ReadRange,
  RegisterForeignDevice,
  SubscribeCov,
  WhoIs,
  WriteProperty,
} from '@bacnet-js/client/dist/lib/services/index.js';
