// Side effects only: the Inter font files and Panda's generated CSS layers. main.tsx imports this once.
import '@fontsource-variable/inter';
import './index.css';
