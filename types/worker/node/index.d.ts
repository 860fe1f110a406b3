// Stands in for @types/node in tsconfig.worker.json. libSQL's declarations say
// `/// <reference types="node" />`, which would otherwise bring Node's globals (Buffer, process, ...)
// into the Worker's type check and hide the code that would fail on workerd.
