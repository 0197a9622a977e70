import { axeGate } from './axe-gate.js';

axeGate([375], { searchDialog: false });
