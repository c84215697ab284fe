package io.statlens.parse.builtin.mysql;

import java.util.List;
import java.util.Set;

/**
 * Which MySQL and MariaDB status variables are gauges: a level the server holds now ({@code Threads_running},
 * {@code Innodb_buffer_pool_pages_free}), not a count of events since it started. Every other numeric status
 * variable is a counter ({@code Com_select}, {@code Handler_read_next}, {@code Innodb_rows_read}, the LSNs), so
 * a variable the list does not know, as a newer server prints it, gets a rate: the list names the exceptions, as
 * the servers' manuals describe them (MySQL 5.5-8.4 "Server Status Variables" and "InnoDB status variables",
 * MariaDB 10-11 "Server Status Variables"). docs/tools/mysql-status.md prints the same list.
 */
public final class StatusVariables {
    /** Gauges by exact name, compared without case (MariaDB prints {@code wsrep_} names in lower case). */
    static final List<String> GAUGES = List.of(
            // connections and threads
            "Threads_running", "Threads_connected", "Threads_cached", "Max_used_connections",
            "Threadpool_threads", "Threadpool_idle_threads", "Delayed_insert_threads", "Not_flushed_delayed_rows",
            "Slave_open_temp_tables", "Replica_open_temp_tables", "Slaves_connected", "Slaves_running",
            "Prepared_stmt_count", "Global_connection_memory", "Memory_used", "Memory_used_initial",
            "Max_memory_used", "Max_tmp_space_used", "Tmp_space_used",
            "Ongoing_anonymous_transaction_count", "Ongoing_anonymous_gtid_violating_transaction_count",
            "Ongoing_automatic_gtid_violating_transaction_count",
            // open files and tables
            "Open_files", "Open_streams", "Open_tables", "Open_table_definitions", "Table_open_cache_active_instances",
            // caches
            "Key_blocks_not_flushed", "Key_blocks_unused", "Key_blocks_used", "Key_blocks_warm",
            "Qcache_free_blocks", "Qcache_free_memory", "Qcache_queries_in_cache", "Qcache_total_blocks",
            "Aria_pagecache_blocks_not_flushed", "Aria_pagecache_blocks_unused", "Aria_pagecache_blocks_used",
            "Ssl_session_cache_size", "Ssl_used_session_cache_entries",
            "Tc_log_max_pages_used", "Tc_log_page_size",
            // the last statement, the clock, the error log buffer, semi-synchronous replication
            "Last_query_cost", "Last_query_partial_plans", "Uptime", "Uptime_since_flush_status",
            "Error_log_buffered_bytes", "Error_log_buffered_events",
            "Rpl_semi_sync_master_clients", "Rpl_semi_sync_master_net_avg_wait_time",
            "Rpl_semi_sync_master_tx_avg_wait_time", "Rpl_semi_sync_master_wait_sessions",
            "Rpl_semi_sync_source_clients", "Rpl_semi_sync_source_net_avg_wait_time",
            "Rpl_semi_sync_source_tx_avg_wait_time", "Rpl_semi_sync_source_wait_sessions",
            "Performance_schema_session_connect_attrs_longest_seen",
            // InnoDB: the buffer pool now
            "Innodb_buffer_pool_pages_data", "Innodb_buffer_pool_pages_dirty", "Innodb_buffer_pool_pages_free",
            "Innodb_buffer_pool_pages_misc", "Innodb_buffer_pool_pages_total", "Innodb_buffer_pool_pages_latched",
            "Innodb_buffer_pool_pages_old", "Innodb_buffer_pool_bytes_data", "Innodb_buffer_pool_bytes_dirty",
            "Innodb_buffer_pool_load_incomplete", "Innodb_buffer_pool_resize_status_code",
            "Innodb_buffer_pool_resize_status_progress",
            // InnoDB: pending work, locks, undo, redo capacity, sizes
            "Innodb_data_pending_fsyncs", "Innodb_data_pending_reads", "Innodb_data_pending_writes",
            "Innodb_os_log_pending_fsyncs", "Innodb_os_log_pending_writes",
            "Innodb_async_reads_pending", "Innodb_async_reads_queue_size", "Innodb_async_writes_pending",
            "Innodb_async_writes_queue_size",
            "Innodb_row_lock_current_waits", "Innodb_row_lock_time_avg", "Innodb_row_lock_time_max",
            "Innodb_current_row_locks", "Innodb_history_list_length", "Innodb_checkpoint_age",
            "Innodb_checkpoint_max_age", "Innodb_oldest_view_low_limit_trx_id", "Innodb_available_undo_logs",
            "Innodb_undo_tablespaces_total", "Innodb_undo_tablespaces_implicit", "Innodb_undo_tablespaces_explicit",
            "Innodb_undo_tablespaces_active", "Innodb_redo_log_capacity_resized", "Innodb_redo_log_logical_size",
            "Innodb_redo_log_physical_size", "Innodb_page_size", "Innodb_num_open_files",
            "Innodb_mem_adaptive_hash", "Innodb_mem_dictionary", "Innodb_mem_total", "Innodb_descriptors_memory",
            "Innodb_read_views_memory", "Innodb_ibuf_free_list", "Innodb_ibuf_segment_size", "Innodb_ibuf_size",
            "Innodb_onlineddl_pct_progress", "Innodb_onlineddl_rowlog_pct_used", "Innodb_onlineddl_rowlog_rows",
            "Innodb_encryption_key_rotation_list_length", "Innodb_encryption_rotation_estimated_iops",
            // Galera
            "wsrep_cluster_size", "wsrep_cluster_status", "wsrep_local_state", "wsrep_local_recv_queue",
            "wsrep_local_recv_queue_avg", "wsrep_local_recv_queue_max", "wsrep_local_recv_queue_min",
            "wsrep_local_send_queue", "wsrep_local_send_queue_avg", "wsrep_local_send_queue_max",
            "wsrep_local_send_queue_min", "wsrep_flow_control_paused", "wsrep_cert_deps_distance",
            "wsrep_apply_oooe", "wsrep_apply_oool", "wsrep_apply_window", "wsrep_commit_oooe", "wsrep_commit_oool",
            "wsrep_commit_window", "wsrep_cert_index_size", "wsrep_thread_count", "wsrep_cluster_weight",
            "wsrep_open_connections", "wsrep_open_transactions", "wsrep_ready", "wsrep_connected",
            "wsrep_local_index", "wsrep_evs_repl_latency", "wsrep_flow_control_active",
            "wsrep_flow_control_requested");

    private static final Set<String> GAUGE_SET = Set.copyOf(GAUGES.stream().map(StatusVariables::fold).toList());

    private StatusVariables() {
    }

    /** Whether a status variable is a gauge; every other numeric one is a counter. */
    public static boolean isGauge(String name) {
        return GAUGE_SET.contains(fold(name));
    }

    private static String fold(String name) {
        return name.toLowerCase(java.util.Locale.ROOT);
    }
}
