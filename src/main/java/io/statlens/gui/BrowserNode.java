package io.statlens.gui;

import java.time.Instant;
import java.util.List;

/** An entry of the repository browser: a run, one of its data sets, or one of a data set's metrics. */
public sealed interface BrowserNode {
    /** The text shown in the tree. */
    String label();

    /** The run the entry belongs to. */
    String run();

    record RunNode(String run, String host, Instant start, List<String> tags, List<DatasetNode> datasets) implements BrowserNode {
        public RunNode {
            tags = List.copyOf(tags);
            datasets = List.copyOf(datasets);
        }

        @Override
        public String label() {
            String when = start == null ? "" : "  " + start.toString().replace('T', ' ').replace("Z", " UTC");
            String host = this.host == null || this.host.isEmpty() ? "" : "  @" + this.host;
            String tagged = tags.isEmpty() ? "" : "  [" + String.join(", ", tags) + "]";
            return run + host + when + tagged;
        }
    }

    /** @param dataset the qualified name: {@code iostat} or {@code sar.cpu} */
    record DatasetNode(String run, String dataset, String keyLabel, long rows, List<MetricNode> metrics) implements BrowserNode {
        public DatasetNode {
            metrics = List.copyOf(metrics);
        }

        @Override
        public String label() {
            return dataset + "  (" + rows + " rows" + (keyLabel == null || keyLabel.isEmpty() ? "" : ", by " + keyLabel) + ")";
        }
    }

    record MetricNode(String run, String dataset, String metric, String unit) implements BrowserNode {
        @Override
        public String label() {
            return unit == null || unit.isEmpty() ? metric : metric + "  [" + unit + "]";
        }
    }
}
