package io.statlens.gui;

import io.statlens.analysis.RunAverager;
import io.statlens.analysis.RunComparer;
import io.statlens.analysis.RunStatistics;
import io.statlens.chart.ChartService;
import io.statlens.chart.DashboardCatalog;
import io.statlens.chart.PresetCatalog;
import io.statlens.report.ReportAssembler;
import io.statlens.store.read.ActiveCollects;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.read.ReadOnlyQuery;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.saved.TimeWindows;

/**
 * The services of one open repository, each built once by {@link Workbench#services} and handed to the view models
 * that use them: no view model builds a service or sees the repository itself, so a test can hand it others.
 *
 * @param where the repository as the status line names it
 */
record Services(String where, RunCatalog runs, ChartService charts, AnnotationStore annotations, TimeWindows windows,
                DashboardCatalog dashboards, PresetCatalog presets, ActiveCollects collects, CatalogBoundImport imports,
                RunStatistics statistics, RunComparer comparer, RunAverager averager, ReportAssembler reports,
                ReadOnlyQuery query) {
}
