import { axeGate } from './axe-gate.js';

axeGate(1, 2, { searchDialog: true });
