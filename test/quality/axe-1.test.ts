import { axeGate } from './axe-gate.js';

axeGate([1280], { searchDialog: true });
