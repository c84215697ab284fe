package io.statlens.analysis;

/**
 * How two aligned series are correlated. Constants are lower case because users type them ({@code --method spearman}).
 */
public enum CorrelationMethod {
    /** Pearson's r: strength of a linear relation. */
    pearson,
    /** Spearman's rho: Pearson's r of the ranks (ties share their mean rank); any monotonic relation, robust to spikes. */
    spearman
}
