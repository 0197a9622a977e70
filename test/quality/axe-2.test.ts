import { axeGate } from './axe-gate.js';

axeGate(2, 2, { searchDialog: false });
