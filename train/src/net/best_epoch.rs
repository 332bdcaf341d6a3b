//! Which epoch `net train` keeps: the one with the lowest held-out loss, so the network
//! stops where it generalises best rather than where it has learnt the training games by
//! heart. A starting network (`--init`) is epoch 0 and is kept if no epoch beats it;
//! without held-out games every epoch replaces the last, so the last one is kept.

use super::float_net::FloatNet;
use super::train::EpochReport;

/// The epochs seen so far and the best of them.
#[derive(Default)]
pub struct BestEpoch {
    last: Option<EpochReport>,
    best: Option<(FloatNet, EpochReport)>,
}

impl BestEpoch {
    /// Starts from a network (epoch 0), the one to beat.
    pub fn starting_with(net: FloatNet, report: EpochReport) -> BestEpoch {
        BestEpoch {
            last: None,
            best: Some((net, report)),
        }
    }

    /// An epoch's network; `held_out` says whether there are held-out games to judge by.
    pub fn offer(&mut self, report: &EpochReport, net: &FloatNet, held_out: bool) {
        self.last = Some(*report);
        if !held_out
            || self
                .best
                .as_ref()
                .is_none_or(|(_, b)| report.held_out_loss < b.held_out_loss)
        {
            self.best = Some((net.clone(), *report));
        }
    }

    /// The network kept and its epoch's report; `last_net` (what training ended with) if
    /// no network was ever offered.
    pub fn kept(self, last_net: FloatNet) -> (FloatNet, Option<EpochReport>) {
        match self.best {
            Some((net, r)) => (net, Some(r)),
            None => (last_net, self.last),
        }
    }
}
