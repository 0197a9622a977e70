import { defineConfig } from 'pagewright/config';

export default defineConfig({
  constants: { sdkVersion: '5.0.0' },
  versions: {
    // content/ holds 5.x; older snapshots come from versions.json (written by `pagewright version`).
    current: { name: '5.x', label: '5.x (latest)' },
  },
});
