// electron-vite's entry for the main process. All Electron wiring lives in ./electron.
import './electron/bootstrap';
