package io.redcron.example.orders;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A small order service: an order that is not paid within 30 minutes is cancelled by the Redcron
 * task {@code cancel-unpaid-order}, scheduled in the same transaction that places the order.
 */
@SpringBootApplication
public class OrdersApplication {
    public static void main(String[] args) {
        SpringApplication.run(OrdersApplication.class, args);
    }
}
