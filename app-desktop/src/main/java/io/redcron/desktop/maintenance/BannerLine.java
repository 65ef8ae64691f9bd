package io.redcron.desktop.maintenance;

/**
 * One maintenance window as the banner shows it.
 *
 * @param paused  begun and not over: fires are held now; otherwise it is planned
 * @param scope   "namespace prod-eu", "group gpu"
 * @param outcome what becomes of the fires it holds: "held fires will be skipped"
 * @param text    the line: scope, times, reason, who, and the outcome
 * @param details its times in full, with their offset, for the line's tooltip
 */
public record BannerLine(long windowId, boolean paused, String scope, String outcome, String text, String details) {
}
