// What the realtime socket knows of this page: the connection's state (for the indicator),
// the signed-in user it answered for, and the table open in the workspace (sent with the
// `page` message, so that the server knows which table this page shows).
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { RealtimeState } from "./realtimeClient";

export interface LiveState {
  connection: RealtimeState;
  userId: string | null;
  openTableId: string | null;
}

const initialState: LiveState = { connection: "idle", userId: null, openTableId: null };

export const realtimeSlice = createSlice({
  name: "realtime",
  initialState,
  reducers: {
    connectionChanged(state, action: PayloadAction<RealtimeState>) {
      state.connection = action.payload;
    },
    socketReady(state, action: PayloadAction<string | null>) {
      state.userId = action.payload;
    },
    tableShown(state, action: PayloadAction<string>) {
      state.openTableId = action.payload;
    },
    /** The workspace of `tableId` closed (a later workspace may have opened already). */
    tableHidden(state, action: PayloadAction<string>) {
      if (state.openTableId === action.payload) state.openTableId = null;
    },
  },
  selectors: {
    selectConnection: (state) => state.connection,
    selectOpenTableId: (state) => state.openTableId,
    /** Whether the socket has been ready once (the server named the user). */
    selectConnectedBefore: (state) => state.userId !== null,
  },
});

export const { connectionChanged, socketReady, tableShown, tableHidden } = realtimeSlice.actions;
export const { selectConnection, selectOpenTableId, selectConnectedBefore } = realtimeSlice.selectors;
