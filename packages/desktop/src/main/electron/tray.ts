/** The tray icon and its menu, drawn from the tray model; menu clicks go back as actions. */
import path from 'node:path';
import { Menu, Tray, app, nativeImage, type MenuItemConstructorOptions } from 'electron';
import type { TrayAction, TrayMenuItem, TrayModel } from '../trayModel';

export class TrayIcon {
  private tray: Tray | null = null;
  private clickAction: TrayAction | null = null;

  constructor(
    private readonly resourcesDir: string,
    private readonly onAction: (action: TrayAction) => void,
  ) {}

  update(model: TrayModel): void {
    const image = nativeImage.createFromPath(
      path.join(this.resourcesDir, `tray-${model.icon}.png`),
    );
    if (process.platform === 'darwin') image.setTemplateImage(true);
    this.clickAction = model.clickAction;
    if (!this.tray) {
      this.tray = new Tray(image);
      // macOS opens the menu on click; elsewhere a click opens the notification list.
      this.tray.on('click', () => {
        if (process.platform !== 'darwin' && this.clickAction) this.onAction(this.clickAction);
      });
    } else this.tray.setImage(image);
    this.tray.setToolTip(model.tooltip);
    this.tray.setContextMenu(Menu.buildFromTemplate(model.menu.map((item) => this.toMenu(item))));
    // The badge where the OS has one (macOS dock, Unity launchers).
    if (process.platform === 'darwin') app.dock?.setBadge(model.badge);
    else app.setBadgeCount(Number.parseInt(model.badge, 10) || 0);
  }

  private toMenu(item: TrayMenuItem): MenuItemConstructorOptions {
    if (item.type === 'separator') return { type: 'separator' };
    const action = item.action;
    return {
      label: item.label,
      enabled: item.enabled ?? true,
      ...(item.submenu ? { submenu: item.submenu.map((sub) => this.toMenu(sub)) } : {}),
      ...(action ? { click: () => this.onAction(action) } : {}),
    };
  }

  destroy(): void {
    this.tray?.destroy();
    this.tray = null;
  }
}
