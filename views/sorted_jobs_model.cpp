#include "sorted_jobs_model.h"

#include "job_list_model.h"

#include <optional>

namespace podplanner::views {

namespace {

using Role = JobListModel::Role;

const QStringList& columns() {
    static const QStringList kColumns = {"index", "name",    "chips",       "shape", "stepTime",
                                         "mfu",   "goodput", "timeToTrain", "cost",  "hbm"};
    return kColumns;
}

// Columns whose best value is the largest, so that they start in descending order.
bool higherIsBetter(const QString& column) {
    return column == "mfu" || column == "goodput" || column == "chips";
}

// The number a numeric column sorts by; nullopt when the job has none.
std::optional<double> numberOf(const QModelIndex& i, const QString& column) {
    if (column == "chips")
        return i.data(Role::ChipsRole).toDouble();
    if (!i.data(Role::PerfErrorRole).toString().isEmpty())
        return std::nullopt;
    if (column == "stepTime")
        return i.data(Role::StepTimeRole).toDouble();
    if (column == "mfu")
        return i.data(Role::MfuRole).toDouble();
    if (column == "goodput")
        return i.data(Role::GoodputRole).toDouble();
    if (column == "hbm") {
        const double capacity = i.data(Role::HbmCapacityRole).toDouble();
        return capacity > 0 ? std::optional(i.data(Role::HbmUsedRole).toDouble() / capacity)
                            : std::nullopt;
    }
    const double v = i.data(column == "cost" ? Role::CostRole : Role::TimeToTrainRole).toDouble();
    return v >= 0 ? std::optional(v) : std::nullopt;
}

} // namespace

SortedJobsModel::SortedJobsModel(QObject* parent) : QSortFilterProxyModel(parent) {
    sort(0); // always ascending by lessThan, which applies descending_ itself
}

bool SortedJobsModel::isColumn(const QString& column) {
    return columns().contains(column);
}

void SortedJobsModel::sortByColumn(const QString& column) {
    if (column == column_)
        setSort(column, !descending_);
    else
        setSort(column, higherIsBetter(column));
}

void SortedJobsModel::setSort(const QString& column, bool descending) {
    const QString known = isColumn(column) ? column : QStringLiteral("index");
    if (known == column_ && descending == descending_)
        return;
    column_ = known;
    descending_ = descending;
    invalidate();
    emit sortChanged();
}

int SortedJobsModel::jobAt(int row) const {
    const QModelIndex source = mapToSource(index(row, 0));
    return source.isValid() ? source.row() : -1;
}

bool SortedJobsModel::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    int order = 0; // <0: left first
    if (column_ == "index") {
        order = left.row() < right.row() ? -1 : 1;
    } else if (column_ == "name") {
        order = left.data(Role::NameRole)
                    .toString()
                    .localeAwareCompare(right.data(Role::NameRole).toString());
    } else if (column_ == "shape") {
        // By size, then by the shape's text: 4x4x8 before 4x8x8, two slices after one.
        const qint64 a = left.data(Role::ChipsRole).toLongLong();
        const qint64 b = right.data(Role::ChipsRole).toLongLong();
        order = a != b ? (a < b ? -1 : 1)
                       : left.data(Role::ShapeRole)
                             .toString()
                             .compare(right.data(Role::ShapeRole).toString());
    } else {
        const auto a = numberOf(left, column_);
        const auto b = numberOf(right, column_);
        if (a.has_value() != b.has_value())
            return a.has_value(); // the job without the number goes last, in either order
        if (a && *a != *b)
            order = *a < *b ? -1 : 1;
    }
    if (order != 0)
        return descending_ ? order > 0 : order < 0;
    return left.row() < right.row(); // ties keep the project's order
}

} // namespace podplanner::views
