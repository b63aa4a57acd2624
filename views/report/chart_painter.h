#pragma once
// Charts for reports, painted with QPainter into images (no display needed): the badput
// breakdown and goodput over time. Drawn at twice their shown size so they print sharply.
#include "reliability/goodput.h"
#include "reliability/simulate.h"

#include <QImage>

namespace podplanner::views {

// Horizontal bars, one per badput cause, as a share of wall time.
QImage paintBadputChart(const model::reliability::Badput& badput, QSize size = {1280, 440});
// Goodput from the start to each day's end: the P5–P95 band and P50 line over Monte Carlo
// trials, and the closed-form expectation as a dashed line.
QImage paintGoodputOverTime(const model::reliability::SimulationResult& simulation,
                            double closedForm, QSize size = {1280, 520});

} // namespace podplanner::views
