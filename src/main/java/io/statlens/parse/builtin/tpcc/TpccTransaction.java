package io.statlens.parse.builtin.tpcc;

import java.util.Locale;
import java.util.Optional;

/**
 * The five TPC-C transaction types in the order tpcc-mysql numbers them: the {@code [0]..[4]} of
 * {@code <Raw Results>} and the arrays {@code success[]}, {@code late[]}, {@code cur_max_rt[]} its
 * main.c prints from.
 *
 * @param label how statlens names the type in metric and summary names ({@code new_order})
 */
enum TpccTransaction {
    NEW_ORDER("new_order", "New-Order"),
    PAYMENT("payment", "Payment"),
    ORDER_STATUS("order_status", "Order-Status"),
    DELIVERY("delivery", "Delivery"),
    STOCK_LEVEL("stock_level", "Stock-Level");

    private final String label;
    private final String printed;

    TpccTransaction(String label, String printed) {
        this.label = label;
        this.printed = printed;
    }

    String label() {
        return label;
    }

    /** The index tpcc-mysql prints in {@code <Raw Results>}, if it is one. */
    static Optional<TpccTransaction> byIndex(int index) {
        TpccTransaction[] all = values();
        return index >= 0 && index < all.length ? Optional.of(all[index]) : Optional.empty();
    }

    /** The type named as in {@code <Constraint Check>} ({@code Order-Status}), if it is one. */
    static Optional<TpccTransaction> byPrintedName(String name) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        for (TpccTransaction t : values()) {
            if (t.printed.toLowerCase(Locale.ROOT).equals(wanted)) return Optional.of(t);
        }
        return Optional.empty();
    }
}
