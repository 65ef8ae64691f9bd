package io.redcron.example.orders;

import io.redcron.client.ScheduleRequest;
import io.redcron.client.ScheduledRun;
import io.redcron.spring.RedcronTemplate;

import java.time.Duration;
import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Places and pays orders. Each method is one transaction: the order's row and the Redcron run that
 * cancels it if unpaid are written together, or not at all.
 */
@Service
public class OrderService {
    /** The Redcron task that cancels an unpaid order; it reads the order's id from {@code $REDCRON_PARAM_ORDER_ID}. */
    static final String CANCEL_TASK = "cancel-unpaid-order";
    static final Duration PAYMENT_WINDOW = Duration.ofMinutes(30);

    private final JdbcTemplate jdbc;
    private final RedcronTemplate redcron;

    public OrderService(JdbcTemplate jdbc, RedcronTemplate redcron) {
        this.jdbc = jdbc;
        this.redcron = redcron;
    }

    /**
     * Places the order (a retried request for the same order id places it once) and schedules its
     * cancellation in 30 minutes. The idempotency key makes the retry find the first run instead
     * of scheduling a second one.
     *
     * @return the run that will cancel the order unless it is paid first
     */
    @Transactional
    public ScheduledRun placeOrder(long orderId, String customer, long amountCents) {
        jdbc.update("INSERT INTO shop_order (id, customer, amount_cents, status) VALUES (?, ?, ?, 'UNPAID')"
                + " ON DUPLICATE KEY UPDATE id = id", orderId, customer, amountCents);
        ScheduledRun cancellation = redcron.schedule(ScheduleRequest.of(CANCEL_TASK)
                .in(PAYMENT_WINDOW)
                .param("ORDER_ID", String.valueOf(orderId))
                .idempotencyKey("cancel-order-" + orderId));
        jdbc.update("UPDATE shop_order SET cancel_run_id = ? WHERE id = ?", cancellation.id(), orderId);
        return cancellation;
    }

    /**
     * Places the order and schedules its cancellation, then fails, as a payment provider that
     * answers with an error would make it: the whole transaction rolls back, and the cancellation
     * is never run, because it never existed.
     */
    @Transactional
    public ScheduledRun placeOrderThenFail(long orderId, String customer, long amountCents) {
        placeOrder(orderId, customer, amountCents);
        throw new IllegalStateException("payment provider refused order " + orderId);
    }

    /**
     * Marks the order paid and cancels its cancellation, in one transaction.
     *
     * @return whether the cancellation was stopped in time: false when it already started, or
     *         when there is no unpaid order of this id
     */
    @Transactional
    public boolean pay(long orderId) {
        List<Long> runIds = jdbc.queryForList("SELECT cancel_run_id FROM shop_order WHERE id = ? AND status = 'UNPAID'"
                + " FOR UPDATE", Long.class, orderId);
        if (runIds.isEmpty()) {
            return false;
        }
        jdbc.update("UPDATE shop_order SET status = 'PAID' WHERE id = ?", orderId);
        return redcron.cancel(runIds.get(0));
    }
}
