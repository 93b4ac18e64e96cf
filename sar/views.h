/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_SAR_VIEWS_H
#define SYSREC_SAR_VIEWS_H

/*
 * Every sar view (one output of one activity), defined in the family files
 * and listed in views.c in the order sar prints the outputs of one activity.
 */

#include "display.h" /* sar_label_summary() */
#include "sar.h"

/*
 * Declared weak so that sar links while a family file is still being
 * written: a view that is not defined is a NULL entry, and its activity
 * prints nothing.
 */
#define SAR_VIEW(name) extern const struct sar_view name __attribute__((weak))

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

#endif
