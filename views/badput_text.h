#pragma once
// What each kind of badput on the dashboard is and why it has the size it has, in words, for
// the badput chart's tooltips (docs/reliability.md has the equations).
#include "reliability/goodput.h"

#include <QString>

namespace podplanner::views {

struct BadputTexts {
    QString checkpoint, lostProgress, restart, degraded, sdc, maintenance, stragglers, preflight;
};

BadputTexts badputTexts(const model::reliability::GoodputResult& goodput, double stepS);

} // namespace podplanner::views
