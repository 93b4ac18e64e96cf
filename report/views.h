/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SAR_VIEWS_H
#define SYSREC_SAR_VIEWS_H

/*
 * Every sar view (one output of one activity), defined in the family files
 * and listed in views.c in the order sar prints the outputs of one activity.
 */

#include "display.h" /* sar_label_summary() */
#include "engine.h"

/*
 * Every view is defined: a strong reference, so that the family files are
 * linked from sar's library (a weak one would leave a missing view as a
 * NULL entry that silently prints nothing).
 */
#define SAR_VIEW(name) extern const struct sar_view name

/* views_cpu.c */
SAR_VIEW(view_cpu);     /* -u */
SAR_VIEW(view_cpu_all); /* -u ALL */
SAR_VIEW(view_pcsw);    /* -w */
SAR_VIEW(view_irq);     /* -I */
SAR_VIEW(view_queue);   /* -q, -q LOAD */
SAR_VIEW(view_softnet); /* -n SOFT */
SAR_VIEW(view_psi_cpu); /* -q CPU */
SAR_VIEW(view_psi_io);  /* -q IO */
SAR_VIEW(view_psi_mem); /* -q MEM */

/* views_mem.c */
SAR_VIEW(view_swap);    /* -W */
SAR_VIEW(view_paging);  /* -B */
SAR_VIEW(view_paging_1275); /* -B of 12.7.5: pgprom/s, pgdem/s instead of %vmeff */
SAR_VIEW(view_memory);  /* -r [ALL] */
SAR_VIEW(view_memswap); /* -S */
SAR_VIEW(view_huge);    /* -H */
SAR_VIEW(view_ktables); /* -v */

/* views_disk.c */
SAR_VIEW(view_io);       /* -b */
SAR_VIEW(view_disk);     /* -d */
SAR_VIEW(view_serial);   /* -y */
SAR_VIEW(view_fs);       /* -F */
SAR_VIEW(view_fs_mount); /* -F MOUNT */

/* views_net.c */
SAR_VIEW(view_net_dev);    /* -n DEV */
SAR_VIEW(view_net_edev);   /* -n EDEV */
SAR_VIEW(view_net_nfs);    /* -n NFS */
SAR_VIEW(view_net_nfsd);   /* -n NFSD */
SAR_VIEW(view_net_sock);   /* -n SOCK */
SAR_VIEW(view_net_ip);     /* -n IP */
SAR_VIEW(view_net_eip);    /* -n EIP */
SAR_VIEW(view_net_icmp);   /* -n ICMP */
SAR_VIEW(view_net_eicmp);  /* -n EICMP */
SAR_VIEW(view_net_tcp);    /* -n TCP */
SAR_VIEW(view_net_etcp);   /* -n ETCP */
SAR_VIEW(view_net_udp);    /* -n UDP */
SAR_VIEW(view_net_sock6);  /* -n SOCK6 */
SAR_VIEW(view_net_ip6);    /* -n IP6 */
SAR_VIEW(view_net_eip6);   /* -n EIP6 */
SAR_VIEW(view_net_icmp6);  /* -n ICMP6 */
SAR_VIEW(view_net_eicmp6); /* -n EICMP6 */
SAR_VIEW(view_net_udp6);   /* -n UDP6 */
SAR_VIEW(view_net_fc);     /* -n FC */

/* views_power.c */
SAR_VIEW(view_pwr_cpu);  /* -m CPU */
SAR_VIEW(view_pwr_fan);  /* -m FAN */
SAR_VIEW(view_pwr_temp); /* -m TEMP */
SAR_VIEW(view_pwr_in);   /* -m IN */
SAR_VIEW(view_pwr_freq); /* -m FREQ */
SAR_VIEW(view_pwr_usb);  /* -m USB */
SAR_VIEW(view_pwr_bat);  /* -m BAT (12.7.5) */

/*
 * What the views decide and sadf -r, which prints the stored counters
 * rather than a view, must decide alike: which interrupts show, and which
 * item of the previous record an item continues.
 */

struct stats_cpu;

/* cpu_time.c: every tick of a CPU (guest and guest_nice are in user and nice). */
uint64_t sar_cpu_ticks(const struct stats_cpu *c);

/*
 * cpu_time.c, sysstat's get_per_cpu_interval (doc/activities.md §3.1): the
 * ticks of one CPU from p to c. A CPU back online restarts idle and iowait
 * from 0 while its other counters resume: p's idle and iowait are then
 * corrected in place, so that the interval is not negative (the
 * percentages use them too).
 */
uint64_t sar_cpu_interval(const struct stats_cpu *c, struct stats_cpu *p);

/*
 * One CPU's part in the "all" that sar -u rebuilds from the CPUs of an SMP
 * record (the stored "all" is ignored): an offline CPU (no tick in c) takes
 * its previous values (c = p, *ret_offline set) and counts; one back online
 * with no reference (no tick in p) is left out unless since_boot, and the
 * call returns false. Otherwise p is corrected as sar_cpu_interval() does,
 * c and p are added to *all_c and *all_p and the CPU's ticks to *ticks.
 */
bool sar_cpu_add_to_all(struct stats_cpu *p, struct stats_cpu *c, bool since_boot,
                        struct stats_cpu *all_p, struct stats_cpu *all_c, uint64_t *ticks,
                        bool *ret_offline);

/*
 * views_cpu.c, -I: whether the interrupt named name ("sum", "0", "NMI"...) shows. -I SUM
 * and each usable --int= entry (a number or range such as "5", "0-16",
 * "40-", which stand for the decimal names of those interrupts, or a name
 * shorter than MAX_SA_IRQ_LEN) make a list; without any, every one shows.
 */
bool sar_irq_selected(const struct sar *s, const char *name);

/*
 * sysstat's check_*_reg: the item of the previous record prev (activity a)
 * that item c of the current record, at position i of its slot, continues,
 * searched from position i (or prev's last) round prev. NULL when prev has
 * none, or when the item was registered again since (its counters went
 * back), for which sar takes zeros as the previous values; *ret_again, when
 * ret_again is not NULL, is set to whether it was the second case.
 */
typedef const void *sar_prev_fn(const struct sar_act *a, const struct sar_slot *prev, uint32_t i,
                                const void *c, bool *ret_again);

/*
 * Searches prev as above for the item that cmp() takes for c (never
 * registered again): cmp orders items by what names them (negative, 0,
 * positive as strcmp), 0 for the same item. Beyond a few items, prev's
 * index (struct sar_slot) finds an item that is not at its own position in
 * O(log n) instead of sysstat's search round the list: prev is then one of
 * the activity's slots, whose index goes with them (sar_release).
 */
const void *sar_prev_search(const struct sar_act *a, const struct sar_slot *prev, uint32_t i,
                            const void *c, sar_item_cmp *cmp);

/*
 * sar_prev_search() of items whose name is len bytes at off (4 or 8), the
 * same bytes exactly when cmp says 0: below the index's size, the round
 * search compares them in place instead of calling cmp.
 */
const void *sar_prev_search_key(const struct sar_act *a, const struct sar_slot *prev, uint32_t i,
                                const void *c, sar_item_cmp *cmp, size_t off, size_t len);

/* views_disk.c */
sar_prev_fn sar_serial_prev; /* -y: the same line (never registered again) */
/*
 * -d: the same major:minor; registered again when its requests went down
 * and so did each sector count (read, write, discard) that was not 0.
 */
sar_prev_fn sar_disk_prev;

/*
 * views_net.c: -n DEV, EDEV and FC (other activities: NULL): the same name
 * (16 bytes at most). Registered again: for DEV, when a counter went back,
 * unless bytes went back while packets went on (or the reverse) from past
 * 2^63, a 64-bit wrap; for EDEV, when a counter other than rx_errors went
 * back; FC hosts never.
 */
sar_prev_fn sar_named_prev;

#endif
