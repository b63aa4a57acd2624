import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import PodPlanner.Views

// Edit › Chip price and power: what a chip-hour costs and what a chip draws, which few chips
// have as one public figure. Written into the project's cluster (one undo step), so that cost
// and energy appear in the jobs table, the dashboard and the report; 0 leaves a figure unknown.
Dialog {
    id: dialog
    required property ProjectDocument document
    readonly property var economics: document.chipEconomics
    objectName: "chipEconomicsDialog"
    title: qsTr("Price and power of %1").arg(economics.chip || "")
    modal: true
    standardButtons: Dialog.Ok | Dialog.Cancel
    width: 460
    onOpened: {
        price.text = (economics.priceUsdPerHour || 0).toString()
        power.text = (economics.powerW || 0).toString()
        price.selectAll()
        price.forceActiveFocus()
    }
    onAccepted: document.setChipEconomics(Number(price.text), Number(power.text))

    component SourceNote: Label {
        Layout.columnSpan: 2
        Layout.fillWidth: true
        wrapMode: Text.Wrap
        font.pixelSize: 11
        color: Theme.textMuted
    }

    GridLayout {
        anchors.fill: parent
        columns: 2
        Label { text: qsTr("Price per chip-hour (USD)") }
        TextField {
            id: price
            objectName: "chipPriceField"
            Layout.fillWidth: true
            validator: DoubleValidator { bottom: 0; top: 1000; decimals: 4; notation: DoubleValidator.StandardNotation }
            onAccepted: dialog.accept()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("What one chip costs per hour, reserved or on demand; 0: unknown (no cost shown)")
        }
        SourceNote { text: qsTr("Now: %1").arg(dialog.economics.priceSource || qsTr("no source given")) }
        Label { text: qsTr("Power per chip (W)") }
        TextField {
            id: power
            objectName: "chipPowerField"
            Layout.fillWidth: true
            validator: DoubleValidator { bottom: 0; top: 100000; decimals: 1; notation: DoubleValidator.StandardNotation }
            onAccepted: dialog.accept()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("What one chip draws with its share of host, network and cooling; 0: unknown (no energy shown)")
        }
        SourceNote { text: qsTr("Now: %1").arg(dialog.economics.powerSource || qsTr("no source given")) }
    }
}
