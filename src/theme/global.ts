// Side effects only: the Inter font files and Panda's generated CSS layers. start.ts (the first script) imports this once.
import '@fontsource-variable/inter';
import './index.css';
