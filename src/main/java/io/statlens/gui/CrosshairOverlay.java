package io.statlens.gui;

import org.jfree.chart.fx.ChartCanvas;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.overlay.CrosshairOverlayFX;
import org.jfree.chart.plot.Crosshair;

import java.awt.Graphics2D;

/** A vertical crosshair over a chart viewer, hidden until the mouse moves over a chart. */
final class CrosshairOverlay {
    private CrosshairOverlay() {
    }

    static void install(ChartViewer viewer, Crosshair crosshair) {
        crosshair.setVisible(false);
        // The canvas paints its overlays before any chart is set too, which JFreeChart's crosshair overlay cannot.
        CrosshairOverlayFX overlay = new CrosshairOverlayFX() {
            @Override
            public void paintOverlay(Graphics2D g2, ChartCanvas canvas) {
                if (canvas.getChart() != null) super.paintOverlay(g2, canvas);
            }
        };
        overlay.addDomainCrosshair(crosshair);
        viewer.getCanvas().addOverlay(overlay);
    }
}
